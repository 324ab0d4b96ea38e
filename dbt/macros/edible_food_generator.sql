{#
  Tier 1 / Tier 2 commercial edible food generator (14 CCR 18982, definitions of "tier one" and
  "tier two commercial edible food generator"; large venue and large event per PRC 42648), the
  one place the rule lives. Given a location's questionnaire answers it names the rule that
  applies; the seed edible_food_generator_rules gives each rule its tier, explanation and
  citation. The mart edible_food_generators applies it to the stored answers, and the figure
  functions publish it as marts.edible_food_generator_rule(...) so the API can answer at once
  when a questionnaire is saved (the same expression, not a second copy).
  A missing number counts as not reaching its threshold.
  Thresholds: supermarket gross annual sales >= $2,000,000; grocery store >= 10,000 sq ft;
  restaurant and state agency cafeteria >= 250 seats or >= 5,000 sq ft; hotel with an on-site
  food facility and >= 200 rooms; health facility with an on-site food facility and >= 100 beds;
  large venue / large event: more than 2,000 people a day on average; local education agency
  with an on-site food facility. Food service providers, food distributors and wholesale food
  vendors are Tier 1 whatever their size.
#}
{% macro edible_food_generator_rule(business_type, gross_sales_usd, square_feet, seats, rooms, beds,
                                    has_food_facility, daily_attendance) -%}
    case {{ business_type }}
        when 'supermarket' then
            case when coalesce({{ gross_sales_usd }}, 0) >= 2000000
                then 'tier1_supermarket' else 'supermarket_under_2m_sales' end
        when 'grocery_store' then
            case when coalesce({{ square_feet }}, 0) >= 10000
                then 'tier1_grocery_store' else 'grocery_store_under_10000_sq_ft' end
        when 'food_service_provider' then 'tier1_food_service_provider'
        when 'food_distributor' then 'tier1_food_distributor'
        when 'wholesale_food_vendor' then 'tier1_wholesale_food_vendor'
        when 'restaurant' then
            case
                when coalesce({{ seats }}, 0) >= 250 then 'tier2_restaurant_seats'
                when coalesce({{ square_feet }}, 0) >= 5000 then 'tier2_restaurant_size'
                else 'restaurant_under_thresholds'
            end
        when 'hotel' then
            case
                when not coalesce({{ has_food_facility }}, false) then 'hotel_without_food_facility'
                when coalesce({{ rooms }}, 0) >= 200 then 'tier2_hotel'
                else 'hotel_under_200_rooms'
            end
        when 'health_facility' then
            case
                when not coalesce({{ has_food_facility }}, false) then 'health_facility_without_food_facility'
                when coalesce({{ beds }}, 0) >= 100 then 'tier2_health_facility'
                else 'health_facility_under_100_beds'
            end
        when 'large_venue' then
            case when coalesce({{ daily_attendance }}, 0) > 2000
                then 'tier2_large_venue' else 'venue_up_to_2000_people' end
        when 'large_event' then
            case when coalesce({{ daily_attendance }}, 0) > 2000
                then 'tier2_large_event' else 'event_up_to_2000_people' end
        when 'state_agency_cafeteria' then
            case
                when coalesce({{ seats }}, 0) >= 250 then 'tier2_state_agency_cafeteria_seats'
                when coalesce({{ square_feet }}, 0) >= 5000 then 'tier2_state_agency_cafeteria_size'
                else 'state_agency_cafeteria_under_thresholds'
            end
        when 'local_education_agency' then
            case when coalesce({{ has_food_facility }}, false)
                then 'tier2_local_education_agency' else 'local_education_agency_without_food_facility' end
        else 'not_a_listed_business'
    end
{%- endmacro %}
