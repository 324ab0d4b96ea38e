-- Payables aging: per bill owed to a disposal partner, the runs of as-of dates with one balance
-- and one bucket (macro aging_mart, the same as invoice_aging). Void bills are left out.
{{ aging_mart(ref('stg_app__bills'), key='bill_id', number='bill_number', party='partner',
              status_column='status', extra='description', payments=ref('stg_app__bill_payments')) }}
