import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { checkLogoFile, readAsDataUrl } from "@/lib/logo-file";
import { deleteLogo } from "../api/delete-logo";
import { getLogoQueryOptions, useLogo } from "@/lib/api/get-logo";
import { uploadLogo } from "../api/upload-logo";

/** Preview, Upload/Change Logo, Remove (spec 1 section 2); saved with POST /api/company/logo. */
export function LogoUploader({ canEdit = true }: { canEdit?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const logo = useLogo();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = logo.data?.logo ?? null;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const invalid = checkLogoFile(file);
    if (invalid) {
      if (input.current) input.current.value = "";
      return setError(invalid);
    }
    setBusy(true);
    try {
      let dataUrl: string;
      try {
        dataUrl = await readAsDataUrl(file);
      } catch {
        return setError("Failed to read file");
      }
      qc.setQueryData(getLogoQueryOptions().queryKey, await uploadLogo(dataUrl));
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : "Upload failed. Please try again.");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(getLogoQueryOptions().queryKey, await deleteLogo());
    } catch (err) {
      setError(err instanceof Error ? err.message : "Upload failed. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="logo-uploader">
      <div className="logo-preview" aria-label="Company logo preview">
        {current ? <img src={current} alt="Company logo" /> : <span className="muted small">No logo yet</span>}
      </div>
      <div className="stack">
        {error && <Alert kind="error">{error}</Alert>}
        {canEdit && (
          <div className="row">
            <input ref={input} type="file" accept="image/jpeg,image/png,image/gif,image/webp" hidden onChange={(e) => upload(e.target.files?.[0])} aria-label="Logo file" />
            <Button variant="secondary" busy={busy} busyLabel="Uploading..." onClick={() => input.current?.click()}>{current ? "Change Logo" : "Upload Logo"}</Button>
            {current && <Button variant="ghost" disabled={busy} onClick={remove}>Remove</Button>}
          </div>
        )}
        <p className="small muted">JPEG, PNG, GIF or WebP, max 2MB, recommended 400x200px.</p>
      </div>
    </div>
  );
}
