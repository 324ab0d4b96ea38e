import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";
import { tabPath } from "../tab-keys";
import type { Tile } from "./tiles";

function TileCard({ tile, onOpen }: { tile: Tile; onOpen: (t: Tile) => void }) {
  const body = (
    <>
      <span className="tile-icon"><Icon name={tile.icon} size={28} /></span>
      <span className="tile-title">{tile.title} {tile.badge && <Badge tone="purple">{tile.badge}</Badge>}</span>
      <span className="tile-desc">{tile.description}</span>
    </>
  );
  if (tile.children) return <button type="button" className="tile" onClick={() => onOpen(tile)}>{body}</button>;
  return <Link className="tile" to={tabPath(tile.tab!)}>{body}</Link>;
}

export function HomeScreen({ tiles, companyName, plan, locations }: { tiles: Tile[]; companyName: string; plan: string; locations: number }) {
  const [open, setOpen] = useState<Tile | null>(null);
  const shown = open?.children ?? tiles;
  return (
    <div className="home">
      <header className="home-head">
        <h1>{open ? open.title : companyName}</h1>
        {open ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(null)}>← Back to Home</button>
        ) : (
          <p className="muted">What would you like to do?</p>
        )}
      </header>
      <div className="tile-grid">
        {shown.map((t) => <TileCard key={t.id} tile={t} onOpen={setOpen} />)}
      </div>
      <footer className="home-foot">
        <span>Plan: <strong>{plan.toUpperCase()}</strong></span>
        <span>{locations} {locations === 1 ? "location" : "locations"}</span>
      </footer>
    </div>
  );
}
