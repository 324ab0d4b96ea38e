// Logo checks of spec 1 section 5: four image types, at most 2 MB.
export const LOGO_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "Please upload a valid image file (JPEG, PNG, GIF, or WebP)";
  if (file.size > LOGO_MAX_BYTES) return "File size must be less than 2MB";
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("Failed to read file"));
    reader.readAsDataURL(file);
  });
}
