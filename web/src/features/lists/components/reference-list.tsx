import { useState, type DragEvent, type KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { EmptyState, Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useCreateListItem } from "../api/create-list-item";
import { useListItems } from "../api/get-list-items";
import { useReorderListItems } from "../api/reorder-list-items";
import { useUpdateListItem } from "../api/update-list-item";
import { messages, toPayload, type FormValues } from "../lib/item-form";
import { togglePayload, type ListConfig } from "../lib/list-config";
import { moveItem } from "../lib/reorder";
import type { ListItem } from "../types";
import { ItemDialog } from "./item-dialog";
import { RowDetails } from "./row-details";
import "./lists.css";

export interface ReferenceListProps {
  config: ListConfig;
  /** store_admin edits; everyone else reads (spec 2 section 6). */
  canEdit: boolean;
  /** Why custom items cannot be added on this plan; the standard items stay editable. */
  addLockedReason?: string;
}

function isNetwork(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The one list screen behind all six reference lists (spec 2 section 2.7). */
// The lists employees read on the scale's path, worded in their language (issue 32 point 8).
const EMPLOYEE_LISTS = new Set(["waste-types", "destination-types", "container-types"]);

export function ReferenceList({ config, canEdit, addLockedReason }: ReferenceListProps) {
  const { t } = useTranslation();
  const own = EMPLOYEE_LISTS.has(config.path);
  const title = own ? t(`lists.${config.path}.title`) : config.title;
  const subtitle = own ? t(`lists.${config.path}.subtitle`) : config.subtitle;
  const empty = own ? t(`lists.${config.path}.empty`) : `No ${config.plural} yet`;
  const activeWord = (active: boolean) => (active ? t("lists.active") : t("lists.inactive"));
  const list = useListItems(config.path);
  const create = useCreateListItem(config.path);
  const update = useUpdateListItem(config.path);
  const reorder = useReorderListItems(config.path);
  const text = messages(config);
  const [dialog, setDialog] = useState<{ open: boolean; item: ListItem | null }>({ open: false, item: null });
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const items = list.data ?? [];

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = moveItem(items, from, to);
    setAnnouncement(`${items[from].name} moved to position ${to + 1} of ${items.length}`);
    reorder.mutate(next, {
      onError: (error) => notify({ kind: "error", message: isNetwork(error) ? text.reorderNetwork(detailOf(error))
        : text.reorderFailed }),
    });
  };

  const toggle = (item: ListItem) => {
    update.mutate(
      { id: item.id, payload: togglePayload(config, item), optimistic: { is_active: !item.is_active } },
      {
        onError: (error) => {
          let message = text.toggleFailed(detailOf(error));
          if (isNetwork(error)) message = text.toggleNetwork;
          else if (error instanceof ApiError && error.status === 404) message = text.notFound;
          notify({ kind: "error", message });
        },
      },
    );
  };

  const save = async (values: FormValues): Promise<boolean> => {
    const payload = toPayload(config, values);
    const editing = dialog.item;
    if (editing?.is_system_standard) payload.name = editing.name;
    try {
      if (editing) await update.mutateAsync({ id: editing.id, payload });
      else await create.mutateAsync(payload);
      notify({ kind: "success", message: editing ? text.updated : text.created });
      return true;
    } catch (error) {
      const detail = detailOf(error);
      let message = text.saveFailed(detail);
      if (isNetwork(error)) message = editing ? text.updateNetwork(detail) : text.createNetwork(detail);
      notify({ kind: "error", message }, 6000);
      return false;
    }
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === "ArrowUp") {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      move(index, index + 1);
    }
  };

  return (
    <section className="reference-list stack" aria-labelledby={`${config.path}-title`}>
      <header className="list-header">
        <div>
          <h1 id={`${config.path}-title`}>{title}</h1>
          <p className="muted">{subtitle}</p>
        </div>
        {canEdit && (
          <Button onClick={() => setDialog({ open: true, item: null })} disabled={Boolean(addLockedReason)}
            title={addLockedReason}>
            {config.addLabel}
          </Button>
        )}
      </header>
      {canEdit && addLockedReason && <Alert kind="info">{addLockedReason}</Alert>}
      {canEdit && (
        <p className="list-hint muted" id={`${config.path}-hint`}>
          Drag &amp; Drop to Reorder: the order here is the order of the dropdown menus. With the keyboard, focus
          a handle and press the up or down arrow.
        </p>
      )}
      <p className="sr-only" aria-live="polite">{announcement}</p>
      {list.isLoading && <Spinner />}
      {list.isError && <Alert kind="error">{detailOf(list.error)}</Alert>}
      {list.isSuccess && items.length === 0 && <EmptyState title={empty} />}
      {items.length > 0 && (
        <ol className="list-rows" aria-label={title}>
          {items.map((item, index) => (
            <li key={item.id} className={`list-row card ${item.is_active ? "" : "list-row-inactive"}`.trim()}
              data-testid="list-row" data-name={item.name} draggable={canEdit}
              onDragStart={(e) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", item.id);
              }}
              onDragOver={(e) => canEdit && e.preventDefault()} onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => setDragging(null)}>
              {canEdit && (
                <div className="list-order">
                  <button type="button" className="list-handle" aria-label={`Reorder ${item.name}`}
                    aria-describedby={`${config.path}-hint`} onKeyDown={(e) => onHandleKey(e, index)}>
                    ⠿
                  </button>
                  <button type="button" className="list-step" aria-label={`Move ${item.name} up`}
                    disabled={index === 0} onClick={() => move(index, index - 1)}>▲</button>
                  <button type="button" className="list-step" aria-label={`Move ${item.name} down`}
                    disabled={index === items.length - 1} onClick={() => move(index, index + 1)}>▼</button>
                </div>
              )}
              {config.showPosition && <span className="list-position" aria-label={t("lists.position")}>{index + 1}</span>}
              <div className="list-main">
                <div className="row list-title-row">
                  <strong className="list-name">{item.name}</strong>
                  {item.is_system_standard ? <Badge tone="purple">{t("lists.system")}</Badge> : <Badge tone="gray">{t("lists.custom")}</Badge>}
                  {config.showActiveBadge && (
                    <Badge tone={item.is_active ? "green" : "red"}>{activeWord(item.is_active)}</Badge>
                  )}
                </div>
                <RowDetails config={config} item={item} />
              </div>
              <div className="list-actions">
                {canEdit ? (
                  <>
                    <label className="list-switch">
                      <input type="checkbox" role="switch" checked={item.is_active}
                        aria-label={`${item.name} active`} onChange={() => toggle(item)} />
                      <span>{activeWord(item.is_active)}</span>
                    </label>
                    <Button variant="secondary" size="sm" aria-label={`Edit ${item.name}`}
                      onClick={() => setDialog({ open: true, item })}>
                      Edit
                    </Button>
                  </>
                ) : (
                  <Badge tone={item.is_active ? "green" : "gray"}>{activeWord(item.is_active)}</Badge>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        <ItemDialog config={config} item={dialog.item} open={dialog.open}
          busy={create.isPending || (update.isPending && dialog.open)}
          onClose={() => setDialog({ open: false, item: null })} onSave={save} />
      )}
    </section>
  );
}
