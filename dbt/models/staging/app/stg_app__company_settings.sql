with source as (

    select * from {{ source('app', 'company_settings') }}

),

renamed as (

    select
        cast(id as {{ dbt.type_string() }}) as company_settings_id,
        enable_ear_reporting,
        inbound_module_enabled,
        inbound_multistep_weighing_enabled,
        enable_customer_notes,
        enable_internal_notes,
        enable_ticket_email,
        outbound_multistep_weighing_enabled,
        system_default_theme,
        outbound_truck_scale_enabled,
        outbound_type2_require_vehicle_info,
        outbound_type2_auto_generate_bol,
        outbound_type2_auto_create_payable,
        enable_carbon_credits,
        carbon_credit_methodology,
        cast(carbon_offset_price_per_ton as decimal(10, 2)) as carbon_offset_price_per_ton,
        enable_carbon_trading,
        simple_tickets_mode,
        sb1383_compliance_override,
        ai_provider,
        cast(sb1383_target_percent as decimal(5, 2)) as sb1383_target_percent,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        -- when the pipeline loaded the row (the incremental models' watermark)
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
