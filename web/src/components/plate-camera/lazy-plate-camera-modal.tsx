import { lazy, Suspense, type ComponentProps } from "react";

// The camera and recogniser code loads only when someone opens the scanner, so the scale
// screen's first paint does not wait for it (issue 18: LCP of /app/scale on a slow phone).
const PlateCameraModal = lazy(() =>
  import("./plate-camera-modal").then((m) => ({ default: m.PlateCameraModal })),
);

export function LazyPlateCameraModal(props: ComponentProps<typeof PlateCameraModal>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <PlateCameraModal {...props} />
    </Suspense>
  );
}
