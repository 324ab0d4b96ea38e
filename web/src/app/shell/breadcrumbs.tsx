import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/lib/i18n";
import { isTabKey, TAB_TITLES, tabPath, type TabKey } from "../tab-keys";

/** The trail of spec 1 section 2: revisiting a crumb truncates, going home clears it. */
export function nextTrail(trail: TabKey[], key: TabKey): TabKey[] {
  if (key === "home") return [];
  const at = trail.indexOf(key);
  if (at >= 0) return trail.slice(0, at + 1);
  return [...trail, key];
}

const TRAIL_KEY = "flow-breadcrumbs";

// Kept in sessionStorage so a reload of a deep link keeps the trail of this tab.
function savedTrail(): TabKey[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TRAIL_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isTabKey) : [];
  } catch {
    return [];
  }
}

export function useTrail(key: TabKey): TabKey[] {
  const [trail, setTrail] = useState<TabKey[]>(savedTrail);
  useEffect(() => setTrail((t) => nextTrail(t, key)), [key]);
  useEffect(() => {
    try {
      sessionStorage.setItem(TRAIL_KEY, JSON.stringify(trail));
    } catch {
      /* storage full or blocked: the trail just doesn't survive a reload */
    }
  }, [trail]);
  return trail;
}

export function Breadcrumbs({ trail }: { trail: TabKey[] }) {
  const { t } = useTranslation();
  if (trail.length <= 1) return null;
  const title = (key: TabKey) => t(`tabs.${key}`, { defaultValue: TAB_TITLES[key] });
  return (
    <nav className="breadcrumbs" aria-label={t("shell.breadcrumb")}>
      <ol>
        {trail.map((key, i) => (
          <li key={key}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{title(key)}</span>
            ) : (
              <Link to={tabPath(key)}>{title(key)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
