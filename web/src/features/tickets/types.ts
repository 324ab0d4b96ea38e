// Ticket shapes as the API reads and writes them (api/tickets/schemas.py).
export type OutboundTicketType = "type_1_container" | "type_2_truck_scale";

export type TicketImage = {
  id: string;
  kind: "gross" | "tare" | "additional";
  url: string;
  thumbnail_url: string;
  content_type: string;
};

export type LineItemRead = { id: string; position: number; waste_type: string; quantity: number; unit: string; amount: number; notes: string | null };

export type Ticket = {
  id: string;
  ticket_number: string;
  client_id: string | null;
  is_inbound: boolean;
  ticket_type: "inbound" | "outbound";
  outbound_ticket_type: string | null;
  status: string;
  timestamp: string;
  ticket_at: string;
  created_at: string;
  updated_at: string;
  gross_weight: number;
  tare_weight: number;
  net_weight: number;
  unit_of_measure: string;
  total_amount: number;
  waste_type: string | null;
  destination: string | null;
  container_type: string | null;
  container_used?: { name: string | null; type: string | null } | null;
  ocr_provider: string | null;
  confidence: number | null;
  manual_override: boolean;
  method?: string;
  employee_name: string | null;
  store_id: string | null;
  store_name: string | null;
  location: string | null;
  vehicle_info: Record<string, unknown> | null;
  customer_facing_notes: string | null;
  internal_notes: string | null;
  notes?: string | null;
  line_items: LineItemRead[];
  images: TicketImage[];
};

export type TicketCreatePayload = {
  is_inbound?: false;
  outbound_ticket_type: OutboundTicketType;
  waste_type: string;
  destination: string;
  container_type: string;
  gross_weight: number;
  tare_weight?: number | null;
  customer_facing_notes?: string | null;
  internal_notes?: string | null;
  vehicle_info?: Record<string, unknown> | null;
  disposal_partner_id?: string | null;
  line_items?: { waste_type: string; quantity: number; unit: string; notes?: string | null }[];
  carbon_methodology?: string | null;
  store_id?: string | null;
  ocr_provider?: string | null;
  confidence?: number | null;
  manual_override?: boolean;
  image_data?: string | null;
  client_id?: string;
  ticket_at?: string;
};

export type ListItem = {
  id: string;
  name: string;
  is_active: boolean;
  sort_order: number;
  tare_weight_lbs?: number | string | null;
  capacity_gallons?: number | string | null;
  is_diversion?: boolean;
};

export type TicketFilters = {
  start_date?: string;
  end_date?: string;
  waste_type?: string;
  destination?: string;
  container_type?: string;
  store_id?: string;
  ticket_type?: "all" | "inbound" | "outbound";
  status?: string;
  created_by?: "me";
  q?: string;
  limit?: number;
  sort_by?: string;
  sort_order?: string;
};
