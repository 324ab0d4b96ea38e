-- Each company's SB 1383 diversion target (its setting sb1383_target_percent, else the seeded
-- 75% default), for figures judged over any period: the dashboard's ca_compliance and the ESG
-- report's sb1383_compliant compare their rate with this row.
select
    companies.company_id,
    {{ sb1383_target_percent('company_settings.sb1383_target_percent') }} as target_percent
from {{ ref('stg_app__companies') }} as companies
left join {{ ref('stg_app__company_settings') }} as company_settings
    on companies.company_id = company_settings.company_id
