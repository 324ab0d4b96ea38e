-- Each location's commercial edible food generator tier (14 CCR 18982) from its questionnaire
-- answers: the rule (macro edible_food_generator_rule) and what it means (seed
-- edible_food_generator_rules: tier, start of the obligation, explanation, citation).
-- Locations without answers are listed with tier 'unanswered', so the screen can ask.
with stores as (

    select
        company_id,
        store_id,
        location_name,
        is_active
    from {{ ref('stg_app__stores') }}

),

answers as (

    select
        store_id,
        business_type,
        gross_annual_sales_usd,
        facility_square_feet,
        seats,
        rooms,
        beds,
        has_onsite_food_facility,
        average_daily_attendance,
        updated_at as answered_at,
        {{ edible_food_generator_rule(
            'business_type', 'gross_annual_sales_usd', 'facility_square_feet', 'seats', 'rooms', 'beds',
            'has_onsite_food_facility', 'average_daily_attendance'
        ) }} as rule_key
    from {{ ref('stg_app__location_generator_profiles') }}

),

rules as (

    select
        rule_key,
        tier,
        obligated_from,
        explanation,
        citation
    from {{ ref('edible_food_generator_rules') }}

)

select
    stores.company_id,
    stores.store_id as location_id,
    stores.location_name,
    stores.is_active,
    answers.business_type,
    answers.gross_annual_sales_usd,
    answers.facility_square_feet,
    answers.seats,
    answers.rooms,
    answers.beds,
    answers.has_onsite_food_facility,
    answers.average_daily_attendance,
    answers.answered_at,
    answers.rule_key,
    coalesce(rules.tier, 'unanswered') as tier,
    rules.obligated_from,
    rules.explanation,
    rules.citation
from stores
left join answers on stores.store_id = answers.store_id
left join rules on answers.rule_key = rules.rule_key
