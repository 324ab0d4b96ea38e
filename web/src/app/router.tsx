import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter, Navigate, Outlet, useRouteError } from "react-router";
import { PublicDialogs } from "@/features/auth/components/public-dialogs";
import { Spinner } from "@/components/ui/panel";
import { appShell } from "./preload";

const LandingPage = lazy(() => import("@/features/landing/components/landing-page"));
const StatePage = lazy(() => import("@/features/landing/components/state-page"));
const LoginPage = lazy(() => import("@/features/auth/components/login-page"));
const AppShell = appShell.Component;

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

function RouteError() {
  const error = useRouteError();
  return (
    <div className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : "This page could not be shown."}</p>
      <a className="btn btn-primary btn-md" href="/">Back to home</a>
    </div>
  );
}

/** Public pages share the URL-driven dialogs (sign in, sign up, reset, PIN). */
function PublicLayout() {
  return (
    <>
      <Outlet />
      <PublicDialogs />
    </>
  );
}

// Real URLs: `/`, `/login`, `/states/:code`, `/app/<tab-key>` (reload, back and deep links work).
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: "/", element: <Page><LandingPage /></Page> },
          { path: "/states/:code", element: <Page><StatePage /></Page> },
        ],
      },
      { path: "/login", element: <Page><LoginPage /></Page> },
      { path: "/app/*", element: <Page><AppShell /></Page> },
      // The compliance overview's tools (spec 3 s2.17), opened in a new tab: the EAR preparation
      // (the EAR Report screen) and the edible food recovery records (on the compliance dashboard).
      { path: "/compliance/tools/ear-preparation", element: <Navigate to="/app/ear" replace /> },
      { path: "/compliance/tools/food-recovery-records", element: <Navigate to="/app/compliance" replace /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
