import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/panel";
import { useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { usePageState } from "@/lib/page-state";
import { useTicketPage } from "../../api/get-tickets";
import { ExportButtons } from "./export-buttons";
import { historyColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import "../tickets.css";

/** My Ticket History (spec 2 s2.3): every one of the signed-in user's own tickets, a page at a
 * time (the page in the URL), with their method. The export holds the whole set. */
export default function HistoryScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [selected, setSelected] = useState<string | null>(null);
  const page = usePageState();
  const query = { created_by: "me" as const, status: "all", limit: page.size, offset: page.offset, sort_by: "timestamp" as const, sort_order: page.order };
  const { data, isLoading, isError, error, isFetching } = useTicketPage(query);
  // Rebuilt per language: the method cells are words, read when the rows are.
  const columns = useMemo(() => historyColumns((row) => setSelected(row.id)), [i18n.language]); // dependencies deliberately partial
  return (
    <div className="ticket-screen wide">
      <div className="portal-head">
        <div>
          <h1>{t("history.title")}</h1>
          <p className="muted">{t("history.employee", { name: user ? `${user.first_name} ${user.last_name}`.trim() : "" })}</p>
        </div>
        <ExportButtons filters={{ created_by: "me", status: "all", sort_order: page.order }} />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || t("history.loadFailed")}</Alert>}
      {isLoading ? <Spinner label={t("history.loading")} /> : (
        <DataTable data={data?.tickets ?? []} columns={columns} getRowId={(t) => t.id} empty={t("history.empty")} caption={t("history.caption")}
          pager={{ offset: page.offset, size: page.size, total: data?.total ?? 0, noun: t("history.noun"), busy: isFetching,
            onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
