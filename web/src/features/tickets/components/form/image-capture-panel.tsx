import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useTranslation } from "@/lib/i18n";
import { addImage, canAddImage, countByKind, IMAGE_CAPS, IMAGE_TOTAL_CAP, isCaptureDisabled, type CapturedImage, type ImageKind } from "../../lib/image-caps";
import { blobToDataUrl, cropTareImage } from "../../lib/crop";

type Props = { images: CapturedImage[]; onChange: (images: CapturedImage[]) => void };

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  URL.revokeObjectURL(url);
  return img;
}

/** Multi-image capture: gross, tare or additional tab; 2/2/8 and 10 in all (spec 2 s5). */
export function ImageCapturePanel({ images, onChange }: Props) {
  const { t } = useTranslation();
  const [on, setOn] = useState(images.length > 0);
  const [tab, setTab] = useState<ImageKind>("gross");
  const [viewing, setViewing] = useState<CapturedImage | null>(null);
  const counts = countByKind(images);
  const full = isCaptureDisabled(images);

  const add = async (file: File) => {
    // The tare photo is kept as a centred square of at most 640 px at quality 0.85.
    const data = tab === "tare" ? await blobToDataUrl(await cropTareImage(await loadImage(file))) : await blobToDataUrl(file);
    onChange(addImage(images, { id: crypto.randomUUID(), data, timestamp: new Date().toISOString(), type: tab }));
  };

  return (
    <fieldset className="stack">
      <legend>{t("photos.legend")}</legend>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <span>{t("photos.multi", { count: images.length, max: IMAGE_TOTAL_CAP })}</span>
      </label>
      {on && (
        <>
          <div className="tabs" role="group" aria-label={t("photos.kinds")}>
            {(Object.keys(IMAGE_CAPS) as ImageKind[]).map((k) => (
              <Button key={k} variant="secondary" aria-pressed={tab === k} onClick={() => setTab(k)}>
                {t("photos.tab", { kind: t(`photos.kind.${k}`), count: counts[k], max: IMAGE_CAPS[k] })}
              </Button>
            ))}
          </div>
          <label className={`btn btn-primary btn-lg btn-block file-button ${!canAddImage(images, tab) ? "disabled" : ""}`} aria-disabled={!canAddImage(images, tab)}>
            {full ? t("photos.full", { max: IMAGE_TOTAL_CAP }) : t(`photos.capture.${tab}`)}
            <input type="file" accept="image/*" capture="environment" className="sr-only" disabled={!canAddImage(images, tab)}
              aria-label={t(`photos.capture.${tab}`)}
              onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ""; if (f) void add(f); }} />
          </label>
          {images.length > 0 && (
            <div className="thumbs">
              {images.map((img) => (
                <div className="thumb" key={img.id}>
                  <img src={img.data} alt={t(`photos.photoOf.${img.type}`)} onClick={() => setViewing(img)} />
                  <button type="button" className="icon-btn" aria-label={t("photos.remove", { photo: t(`photos.photoOf.${img.type}`) })} onClick={() => onChange(images.filter((i) => i.id !== img.id))}>×</button>
                </div>
              ))}
            </div>
          )}
        </>
      )}
      <Modal open={Boolean(viewing)} onClose={() => setViewing(null)} size="lg" title={viewing ? t(`photos.photoOf.${viewing.type}`) : t("photos.photo")} closeLabel={t("common.close")}>
        {viewing && <img src={viewing.data} alt={t("photos.fullSize", { photo: t(`photos.photoOf.${viewing.type}`) })} className="image-full" />}
      </Modal>
    </fieldset>
  );
}
