import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { setDisplayTimeZone } from "@/lib/format";
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { api, ApiError, apiResponse } from "./api-client";
import { getToken, onTokenChange, setToken } from "./auth-token";
import type { CurrentUser, SystemSettings } from "./session-types";

// The signed-in session every screen reads: user and settings (spec 1 section 4). The
// subscription is the subscription feature's call (features/subscription/api).
const LAST_ME_KEY = "flow.lastMe";

/** The session call boot.ts sent for an /app/ page before this code arrived: for the first call only
 * (a later one must ask again), and only if it went out with the same token. */
let earlyTaken = false;
function takeEarlySession(token: string | null): Promise<Response> | undefined {
  const early = earlyTaken ? undefined : window.__flowSession;
  earlyTaken = true;
  window.__flowSession = undefined;
  return early && token && early.token === token ? early.response : undefined;
}

// An operator who reloads the app with no connection stays signed in with the last answer
// for the same token (offline tickets need the session); any server answer still decides.
async function fetchMe(signal: AbortSignal): Promise<CurrentUser> {
  const token = getToken();
  try {
    const early = takeEarlySession(token);
    const user = early ? await apiResponse<CurrentUser>(early, token) : await api.get<CurrentUser>("/api/auth/me", undefined, signal);
    setDisplayTimeZone(user.company?.timezone);
    localStorage.setItem(LAST_ME_KEY, JSON.stringify({ token, user }));
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      try {
        const last = JSON.parse(localStorage.getItem(LAST_ME_KEY) ?? "null");
        if (last && last.token === token) return last.user as CurrentUser;
      } catch {
        /* no usable copy */
      }
    }
    throw err;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => fetchMe(signal),
    networkMode: "always",
    enabled: Boolean(getToken()),
    retry: false,
    staleTime: 60_000,
  });

/** Asks for the signed-in user as the page starts, rather than once React has rendered. */
export function prefetchSession(queryClient: QueryClient): void {
  if (getToken()) void queryClient.prefetchQuery(meQueryOptions()); // never rejects; the hook reports errors
}

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["system", "settings"],
    queryFn: ({ signal }) => api.get<SystemSettings>("/api/system/settings", undefined, signal),
    staleTime: 60_000,
  });

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

interface SessionValue {
  status: SessionStatus;
  user: CurrentUser | null;
  signIn: (token: string, user?: CurrentUser) => void;
  signOut: () => void;
  refresh: () => Promise<unknown>;
}

const SessionContext = createContext<SessionValue | null>(null);

function useToken(): string | null {
  return useSyncExternalStore(onTokenChange, getToken, () => null);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });

  // A token the server refuses is removed: the user is signed out (spec 1 section 4).
  useEffect(() => {
    if (token && me.isError) setToken(null);
  }, [token, me.isError]);

  useEffect(() => {
    if (!token) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "public" });
  }, [token, queryClient]);

  const signIn = useCallback(
    (newToken: string, user?: CurrentUser) => {
      queryClient.clear();
      if (user) queryClient.setQueryData(meQueryOptions().queryKey, user);
      setToken(newToken);
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const status: SessionStatus = !token
    ? "unauthenticated"
    : me.data
      ? "authenticated"
      : me.isError
        ? "unauthenticated"
        : "loading";

  const value = useMemo<SessionValue>(
    () => ({ status, user: token ? (me.data ?? null) : null, signIn, signOut, refresh: me.refetch }),
    [status, token, me.data, signIn, signOut, me.refetch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

/** The signed-in user, or null (also outside a SessionProvider: a screen tested on its own). */
export function useSessionUser() {
  return useContext(SessionContext)?.user ?? null;
}
