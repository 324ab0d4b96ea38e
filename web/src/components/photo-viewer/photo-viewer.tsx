import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { useTranslation } from "@/lib/i18n";
import "./photo-viewer.css";

export type ViewerPhoto = { id: string; alt: string; caption?: string };

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const SWIPE_PX = 50;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Where a swipe of (dx, dy) pixels goes: +1 next, -1 previous, 0 not a swipe (too short or mostly vertical). */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The zoom after a pinch: the zoom at its start times how far the fingers moved apart, within 1x-4x. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startZoom;
  return clamp(startZoom * (distance / startDistance), MIN_ZOOM, MAX_ZOOM);
}

type Pointer = { x: number; y: number };
const distance = (a: Pointer, b: Pointer) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Photos one at a time, over everything (a native modal <dialog>: focus stays inside, Escape
 * closes, and focus goes back to what opened it). Previous/Next buttons and the arrow keys move
 * between photos; on a phone a swipe does, and a pinch (or double tap, or + and -) zooms, a drag
 * pans the zoomed photo.
 */
export function PhotoViewer({ photos, index, onIndex, onClose, renderPhoto }: {
  photos: ViewerPhoto[];
  /** The photo shown; null: the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  renderPhoto: (photo: ViewerPhoto) => ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Pointer>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Pointer>());
  const gesture = useRef<{ start: Pointer; zoom: number; distance: number; pan: Pointer } | null>(null);
  const open = index !== null && photos.length > 0;
  const at = open ? clamp(index, 0, photos.length - 1) : 0;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    dialog.querySelector<HTMLButtonElement>("[data-autofocus]")?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [open]);

  useEffect(() => { setZoom(1); setPan({ x: 0, y: 0 }); }, [at]);

  const go = useCallback((step: number) => {
    if (!open) return;
    const next = at + step;
    if (next >= 0 && next < photos.length) onIndex(next);
  }, [open, at, photos.length, onIndex]);
  const zoomBy = (factor: number) => setZoom((z) => {
    const next = clamp(z * factor, MIN_ZOOM, MAX_ZOOM);
    if (next === 1) setPan({ x: 0, y: 0 });
    return next;
  });

  if (!open) return null;
  const photo = photos[at];

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === "ArrowRight") { e.preventDefault(); go(1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); go(-1); }
    else if (e.key === "+" || e.key === "=") { e.preventDefault(); zoomBy(1.5); }
    else if (e.key === "-") { e.preventDefault(); zoomBy(1 / 1.5); }
    else if (e.key === "0") { setZoom(1); setPan({ x: 0, y: 0 }); }
  };

  const down = (e: ReactPointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    (e.target as Element).setPointerCapture?.(e.pointerId);
    const [a, b] = [...pointers.current.values()];
    gesture.current = { start: a, zoom, distance: b ? distance(a, b) : 0, pan };
  };
  const move = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    const g = gesture.current;
    if (b) setZoom(pinchZoom(g.zoom, g.distance, distance(a, b)));
    else if (zoom > 1) setPan({ x: g.pan.x + a.x - g.start.x, y: g.pan.y + a.y - g.start.y });
  };
  const up = (e: ReactPointerEvent) => {
    const g = gesture.current;
    const last = pointers.current.get(e.pointerId);
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) {
      // One finger left after a pinch: it may pan from here.
      const [a] = [...pointers.current.values()];
      gesture.current = { start: a, zoom, distance: 0, pan };
      return;
    }
    gesture.current = null;
    if (!g || !last || wasPinch || zoom > 1) return;
    const step = swipeStep(last.x - g.start.x, last.y - g.start.y);
    if (step) go(step);
  };

  return (
    <dialog ref={ref} className="photo-viewer" aria-label={t("viewer.position", { n: at + 1, total: photos.length })} onKeyDown={onKeyDown}
      onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <div className="photo-viewer-bar">
        <span className="photo-viewer-count" aria-live="polite">{t("viewer.position", { n: at + 1, total: photos.length })}{photo.caption ? ` · ${photo.caption}` : ""}</span>
        <span className="photo-viewer-tools">
          <button type="button" className="photo-viewer-btn" onClick={() => zoomBy(1 / 1.5)} disabled={zoom <= MIN_ZOOM} aria-label={t("viewer.zoomOut")}>−</button>
          <button type="button" className="photo-viewer-btn" onClick={() => zoomBy(1.5)} disabled={zoom >= MAX_ZOOM} aria-label={t("viewer.zoomIn")}>+</button>
          <button type="button" className="photo-viewer-btn" onClick={onClose} aria-label={t("viewer.close")} data-autofocus>×</button>
        </span>
      </div>
      <div className="photo-viewer-stage" data-testid="photo-stage" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up}
        onDoubleClick={() => { if (zoom > 1) { setZoom(1); setPan({ x: 0, y: 0 }); } else setZoom(2); }}>
        <div className="photo-viewer-photo" style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}>
          {renderPhoto(photo)}
        </div>
      </div>
      <div className="photo-viewer-nav">
        <button type="button" className="photo-viewer-btn" onClick={() => go(-1)} disabled={at === 0}>{t("viewer.previous")}</button>
        <button type="button" className="photo-viewer-btn" onClick={() => go(1)} disabled={at === photos.length - 1}>{t("viewer.next")}</button>
      </div>
    </dialog>
  );
}
