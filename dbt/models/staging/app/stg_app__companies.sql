with source as (

    select * from {{ source('app', 'companies') }}

),

renamed as (

    select
        name as company_name,
        industry,
        org_type,
        email,
        phone,
        billing_email,
        billing_notification_email,
        address_street,
        address_city,
        address_state,
        address_zip,
        timezone,
        logo_key,
        subscription_plan,
        subscription_status,
        account_type,
        cast(trial_ends_at as timestamp) as trial_ends_at,
        approval_status,
        rejection_reason,
        cast(reviewed_at as timestamp) as reviewed_at,
        max_facilities_override,
        payment_failure_count,
        last_payment_failed,
        is_demo,
        cast(id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        -- when the pipeline loaded the row (the incremental models' watermark)
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
