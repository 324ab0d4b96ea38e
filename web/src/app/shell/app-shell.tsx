import { Suspense, useEffect, useState } from "react";
import { Navigate, NavLink, useLocation, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/panel";
import { useSession } from "@/lib/session";
import { screenFor } from "../routes";
import { isTabKey, tabPath, type TabKey } from "../tab-keys";
import { Breadcrumbs, useTrail } from "./breadcrumbs";
import { menuFor, startTab } from "./menu";
import { NotBuiltPanel } from "./not-built";
import { SideMenu } from "./side-menu";
import { useShellData } from "./use-shell-data";

/** `/app/reports/esg` and `/app/esg` both open the `esg` tab: the last segment is the key. */
export function tabFromPath(splat: string | undefined): string | undefined {
  const parts = (splat ?? "").split("/").filter(Boolean);
  return parts[parts.length - 1];
}

export function roleLabel(role: string, firstName: string): string {
  if (role === "system_admin") return "System Admin";
  if (role === "store_admin") return `Store Manager (${firstName})`;
  return `Scale Operator (${firstName})`;
}

function TabScreen({ tab, platform }: { tab: TabKey; platform: boolean }) {
  const Screen = screenFor(tab, platform);
  if (!Screen) return <NotBuiltPanel tab={tab} />;
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

export default function AppShell() {
  const { status, user, signOut } = useSession();
  const { subscription, settings } = useShellData();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const raw = tabFromPath(params["*"]);
  const tab: TabKey = isTabKey(raw) ? raw : "home";
  const trail = useTrail(tab);

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    document.documentElement.dataset.theme = settings?.system_default_theme === "dark" ? "dark" : "light";
  }, [settings?.system_default_theme]);

  if (status === "loading") return <Spinner label="Loading your workspace..." />;
  if (status === "unauthenticated" || !user) return <Navigate to="/login" replace />;
  // An unknown key falls back to the plan's default dashboard; employees always land on scale.
  if (!isTabKey(raw)) return <Navigate to={tabPath(user.role === "store_employee" ? "scale" : "dashboard")} replace />;
  if (tab === "home" && user.role !== "store_admin") return <Navigate to={tabPath(startTab(user))} replace />;

  const menu = menuFor(user, subscription, settings);
  const showMenu = user.role !== "store_employee" && tab !== "home" && tab !== "scale";

  return (
    <div className={`shell ${showMenu ? "with-menu" : ""}`}>
      <header className="topbar">
        {showMenu && (
          <button type="button" className="hamburger" aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <span /><span /><span />
          </button>
        )}
        <NavLink to={tabPath(startTab(user))} className="brand">
          <span className="brand-mark" aria-hidden="true" /> Flow
        </NavLink>
        <div className="topbar-right">
          <span className="role-label">{roleLabel(user.role, user.first_name)}</span>
          {user.role === "store_admin" && tab !== "home" && (
            <Button variant="ghost" size="sm" className="on-green" onClick={() => navigate(tabPath("home"))}>
              HOME
            </Button>
          )}
          <Button variant="ghost" size="sm" className="on-green" onClick={() => { signOut(); navigate("/login"); }}>
            Logout
          </Button>
        </div>
      </header>
      {showMenu && (
        <>
          <aside className={`sidebar ${drawerOpen ? "open" : ""}`} aria-label="Side menu">
            <div className="sidebar-head">
              <span>Menu</span>
              <button type="button" className="icon-btn drawer-close" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>×</button>
            </div>
            <SideMenu menu={menu} active={tab} onNavigate={() => setDrawerOpen(false)} />
          </aside>
          {drawerOpen && <div className="scrim" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
        </>
      )}
      <main className="shell-main" id="main">
        <Breadcrumbs trail={trail} />
        <TabScreen tab={tab} platform={user.role === "system_admin"} />
      </main>
    </div>
  );
}
