import { useQueryClient } from "@tanstack/react-query";
import { CircleUser } from "lucide-react";
import { Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Navigate, NavLink, useLocation, useNavigate, useParams } from "react-router";
import { OfflineIndicator } from "@/components/offline-indicator";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/panel";
import { SetupWizard } from "@/features/onboarding/components/setup-wizard";
import { needsSetupWizard } from "@/features/onboarding/wizard-draft";
import { browserLanguage, languageOf, setLanguage, useTranslation } from "@/lib/i18n";
import { meQueryOptions, useSession } from "@/lib/session";
import { ProfileDialog } from "@/features/users/components/profile-dialog";
import { screenFor } from "../routes";
import { isTabKey, tabPath, type TabKey } from "../tab-keys";
import { Breadcrumbs, useTrail } from "./breadcrumbs";
import { CarbonDisabledNotice } from "./carbon-disabled";
import { HomeScreen } from "./home-screen";
import { carbonCreditsEnabled, employeeTabs, menuFor, planOf, startTab } from "./menu";
import { NotBuiltPanel } from "./not-built";
import { roleLabel } from "./role-label";
import { ShellHeader } from "./shell-header";
import { SideMenu } from "./side-menu";
import { homeTilesFor } from "./tiles";
import { useShellData } from "./use-shell-data";
import { CompanyLogo } from "@/components/company-logo";

/** `/app/reports/esg` and `/app/esg` both open the `esg` tab: the last segment is the key. */
export function tabFromPath(splat: string | undefined): string | undefined {
  const parts = (splat ?? "").split("/").filter(Boolean);
  return parts[parts.length - 1];
}

function TabScreen({ tab, platform }: { tab: TabKey; platform: boolean }) {
  const { t } = useTranslation();
  const Screen = screenFor(tab, platform);
  if (!Screen) return <NotBuiltPanel tab={tab} />;
  return (
    <Suspense fallback={<Spinner label={t("common.loading")} />}>
      <Screen />
    </Suspense>
  );
}

export default function AppShell() {
  const { status, user, signOut } = useSession();
  const { subscription, settings, ready } = useShellData();
  const queryClient = useQueryClient();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [wizardDismissed, setWizardDismissed] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const { t } = useTranslation();
  const language = languageOf(user);
  // The user's language before the screen paints, on sign-in here or on any other device.
  useLayoutEffect(() => setLanguage(language), [language]);
  const raw = tabFromPath(params["*"]);
  const tab: TabKey = isTabKey(raw) ? raw : "home";
  const trail = useTrail(tab);

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // The in-page targets #subscription and #admin-settings (spec 1 section 2) open their tabs.
  useEffect(() => {
    const target = location.hash.replace("#", "");
    if (target === "subscription" || target === "admin-settings") navigate(tabPath(target), { replace: true });
  }, [location.hash, navigate]);
  // Theme: dark only when the settings say so; anything else (or a failed load) is light.
  useEffect(() => {
    document.documentElement.dataset.theme = settings?.system_default_theme === "dark" ? "dark" : "light";
    return () => {
      document.documentElement.dataset.theme = "light";
    };
  }, [settings?.system_default_theme]);

  if (status === "loading") return <Spinner label={t("shell.loading")} />;
  if (status === "unauthenticated" || !user) return <Navigate to="/login" replace />;
  const start = startTab(user);
  if (!raw) return <Navigate to={tabPath(start)} replace />;
  // An unknown key falls back to the plan's default dashboard; employees land on the scale.
  if (!isTabKey(raw)) return <Navigate to={tabPath(user.role === "store_employee" ? "scale" : "dashboard")} replace />;
  if (tab === "home" && user.role === "store_employee") return <Navigate to={tabPath("scale")} replace />;

  const menu = menuFor(user, subscription, settings);
  const isEmployee = user.role === "store_employee";
  // An employee reaches only their menu's screens (docs/access.md); the rest would answer 403.
  if (isEmployee && !employeeTabs(menu).has(tab)) return <Navigate to={tabPath("scale")} replace />;
  const showMenu = !isEmployee && tab !== "home" && tab !== "scale";
  const showHeader = user.role === "store_admin" && tab !== "home" && tab !== "scale";
  const plan = planOf(user, subscription);
  const showWizard = !wizardDismissed && needsSetupWizard(user);
  const locations = subscription?.current_facilities ?? user.company?.locations.length ?? 0;

  const finishWizard = () => {
    setWizardDismissed(true);
    queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    queryClient.invalidateQueries({ queryKey: ["subscription"] });
    navigate(tabPath("dashboard"));
  };
  const logout = () => {
    sessionStorage.removeItem("flow-breadcrumbs");
    signOut();
    setLanguage(browserLanguage()); // signed out, the device's language again
    navigate("/login");
  };

  let content;
  if (tab === "home") {
    content = <HomeScreen tiles={homeTilesFor(user, subscription, settings)} companyName={user.company?.name ?? "Home"} plan={plan} locations={locations} />;
  } else if (tab === "carbon-credits" && !carbonCreditsEnabled(settings)) {
    content = <CarbonDisabledNotice settingsTab={user.role === "system_admin" ? "settings" : "admin-settings"} />;
  } else {
    content = <TabScreen tab={tab} platform={user.role === "system_admin"} />;
  }

  return (
    <div className={`shell ${showMenu ? "with-menu" : ""}`}>
      <a href="#main" className="sr-only">{t("shell.skipToContent")}</a>
      <header className="topbar">
        {showMenu && (
          <button type="button" className="hamburger" aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <span /><span /><span />
          </button>
        )}
        <NavLink to={tabPath(start)} className="brand">
          <span className="brand-mark" aria-hidden="true" /> Flow
        </NavLink>
        {user.company && user.role !== "system_admin" && <CompanyLogo className="topbar-logo" />}
        <div className="topbar-right">
          <button type="button" className="profile-button" title={t("shell.openProfile")} onClick={() => setProfileOpen(true)}>
            <CircleUser size={20} aria-hidden="true" />
            <span className="role-label" data-testid="role-label">{t(`shell.role.${user.role}`, { name: user.first_name, defaultValue: roleLabel(user.role, user.first_name) })}</span>
            <span className="sr-only">{t("shell.openProfile")}</span>
          </button>
          {user.role === "store_admin" && tab !== "home" && (
            <Button variant="ghost" size="sm" className="on-green" onClick={() => navigate(tabPath("home"))}>{t("shell.home")}</Button>
          )}
          <Button variant="ghost" size="sm" className="on-green" onClick={logout}>{t("shell.logout")}</Button>
        </div>
      </header>
      {isEmployee && (
        <nav className="employee-nav" aria-label={t("shell.employeeMenu")}>
          {menu.map((item) => (
            <NavLink key={item.id} to={tabPath(item.tab!)} className={({ isActive }) => (isActive ? "active" : undefined)}>{t(`menu.${item.tab}`, { defaultValue: item.label })}</NavLink>
          ))}
        </nav>
      )}
      {showMenu && (
        <>
          <aside className={`sidebar ${drawerOpen ? "open" : ""}`} aria-label="Side menu" data-testid="side-menu">
            <div className="sidebar-head">
              <span>Menu</span>
              <button type="button" className="icon-btn" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>×</button>
            </div>
            {/* The plan and settings add entries; until both are in, no entry is drawn that could
                move under a tap (a tap aimed at Locations would land on another line). */}
            {ready ? (
              <SideMenu menu={menu} active={tab} onNavigate={() => setDrawerOpen(false)} />
            ) : (
              <p className="menu-loading" aria-busy="true">{t("shell.loading")}</p>
            )}
          </aside>
          {drawerOpen && <div className="scrim" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
        </>
      )}
      <main className="shell-main" id="main">
        {showHeader && <ShellHeader user={user} subscription={subscription} />}
        <Breadcrumbs trail={trail} />
        {content}
      </main>
      <OfflineIndicator />
      {profileOpen && <ProfileDialog user={user} onClose={() => setProfileOpen(false)} />}
      {showWizard && <SetupWizard user={user} plan={plan} onFinish={finishWizard} />}
    </div>
  );
}
