import { useState } from "react";
import { NavLink } from "react-router";
import { tabPath, type TabKey } from "../tab-keys";
import type { MenuItem } from "./menu";

function containsTab(item: MenuItem, tab: TabKey): boolean {
  return item.tab === tab || (item.children ?? []).some((c) => containsTab(c, tab));
}

function Entry({ item, active, onNavigate }: { item: MenuItem; active: TabKey; onNavigate?: () => void }) {
  const [open, setOpen] = useState(() => containsTab(item, active));
  if (item.children) {
    return (
      <li>
        <button type="button" className="menu-group" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span>{item.label}</span>
          <span className="chevron" aria-hidden="true">{open ? "▾" : "▸"}</span>
        </button>
        {open && (
          <ul className="menu-children">
            {item.children.map((child) => (
              <Entry key={child.id} item={child} active={active} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  return (
    <li>
      <NavLink to={tabPath(item.tab!)} className={({ isActive }) => `menu-link${isActive ? " active" : ""}`} onClick={onNavigate}>
        <span>{item.label}</span>
        {item.badge && <span className="badge badge-purple">{item.badge}</span>}
      </NavLink>
    </li>
  );
}

export function SideMenu({ menu, active, onNavigate }: { menu: MenuItem[]; active: TabKey; onNavigate?: () => void }) {
  if (menu.length === 0) return <p className="menu-empty">No menu items available</p>;
  return (
    <nav aria-label="Main menu">
      <ul className="menu">
        {menu.map((item) => (
          <Entry key={item.id} item={item} active={active} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
