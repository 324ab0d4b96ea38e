-- Receivables aging: per invoice, the runs of as-of dates with one balance and one bucket
-- (macro aging_mart, the same as bill_aging). Void invoices owe nothing and are left out. A payment
-- counts from its day in the company's time zone. The API reads the rows valid on the chosen as-of date.
{{ aging_mart(ref('stg_app__invoices'), key='invoice_id', number='invoice_number', party='customer',
              status_column='payment_status', extra='billing_period', payments=ref('stg_app__payments')) }}
