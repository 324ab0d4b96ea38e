import { useLogo } from "@/lib/api/get-logo";

/**
 * The company's logo (Company Settings), as on every PDF Flow makes: in the app header and on a
 * printed ticket. Nothing while it loads, when there is none, or when it cannot be read.
 */
export function CompanyLogo({ maxHeight = 32, className }: { maxHeight?: number; className?: string }) {
  const { data } = useLogo();
  if (!data?.logo) return null;
  return <img src={data.logo} alt="Company logo" className={className} data-testid="company-logo" style={{ maxHeight, maxWidth: maxHeight * 4 }} />;
}
