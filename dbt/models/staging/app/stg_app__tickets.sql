with source as (

    select * from {{ source('app', 'tickets') }}

),

renamed as (

    select
        ticket_number,
        cast(client_id as {{ dbt.type_string() }}) as client_id,
        cast(store_id as {{ dbt.type_string() }}) as store_id,
        is_inbound,
        outbound_ticket_type,
        status,
        cast(ticket_at as timestamp) as ticket_at,
        cast(waste_type_id as {{ dbt.type_string() }}) as waste_type_id,
        waste_type_name,
        cast(waste_subtype_id as {{ dbt.type_string() }}) as waste_subtype_id,
        waste_subtype_name,
        cast(destination_id as {{ dbt.type_string() }}) as destination_id,
        destination_name,
        destination_is_diversion,
        destination_management_path,
        cast(container_type_id as {{ dbt.type_string() }}) as container_type_id,
        container_name,
        cast(container_capacity_gallons as decimal(10, 1)) as container_capacity_gallons,
        cast(container_tare_lbs as decimal(10, 1)) as container_tare_lbs,
        cast(diversion_method_id as {{ dbt.type_string() }}) as diversion_method_id,
        diversion_method_name,
        carbon_methodology,
        cast(gross_weight as decimal(12, 1)) as gross_weight_lb,
        cast(tare_weight as decimal(12, 1)) as tare_weight_lb,
        cast(net_weight as decimal(12, 1)) as net_weight_lb,
        unit_of_measure,
        cast(total_amount as decimal(12, 2)) as total_amount,
        vehicle_info,
        cast(disposal_partner_id as {{ dbt.type_string() }}) as disposal_partner_id,
        customer_facing_notes,
        internal_notes,
        ocr_provider,
        cast(confidence as decimal(5, 2)) as confidence,
        manual_override,
        cast(created_by_id as {{ dbt.type_string() }}) as created_by_id,
        employee_name,
        cast(customer1_id as {{ dbt.type_string() }}) as customer1_id,
        cast(customer2_id as {{ dbt.type_string() }}) as customer2_id,
        cast(vehicle_id as {{ dbt.type_string() }}) as vehicle_id,
        payment_method,
        notes,
        is_multi_product,
        cast(voided_at as timestamp) as voided_at,
        void_reason,
        cast(id as {{ dbt.type_string() }}) as ticket_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        -- when the pipeline loaded the row (the incremental models' watermark)
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
