import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { env } from "@/config/env";
import { getToken } from "@/lib/auth-token";

// Ticket photos are served only to the owning company, so they are fetched with the bearer.
async function fetchImage(url: string, signal: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${env.apiBaseUrl}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export function AuthImage({ url, alt, className, onClick }: { url: string; alt: string; className?: string; onClick?: () => void }) {
  const { data, isError } = useQuery({
    queryKey: ["ticket-image", url],
    queryFn: ({ signal }) => fetchImage(url, signal),
    staleTime: 5 * 60_000,
  });
  const objectUrl = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => { if (objectUrl) URL.revokeObjectURL(objectUrl); }, [objectUrl]);
  if (isError) return <span className="muted">Image unavailable</span>;
  if (!objectUrl) return <span className="spinner" aria-label="Loading image" />;
  return onClick ? (
    <button type="button" className="btn-ghost image-button" onClick={onClick} aria-label={`View ${alt} full size`}>
      <img src={objectUrl} alt={alt} className={className} />
    </button>
  ) : (
    <img src={objectUrl} alt={alt} className={className} />
  );
}
