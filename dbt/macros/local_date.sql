{# The calendar day of a UTC timestamp in a named time zone (the company's). Adapter-specific. #}
{% macro local_date(utc_timestamp, time_zone) -%}
    {{ return(adapter.dispatch('local_date')(utc_timestamp, time_zone)) }}
{%- endmacro %}

{% macro duckdb__local_date(utc_timestamp, time_zone) -%}
    cast(timezone({{ time_zone }}, timezone('UTC', {{ utc_timestamp }})) as date)
{%- endmacro %}

{# Spark: timestamps are instants read in the session time zone (UTC, pipelines/spark_build.py). #}
{% macro spark__local_date(utc_timestamp, time_zone) -%}
    to_date(from_utc_timestamp({{ utc_timestamp }}, {{ time_zone }}))
{%- endmacro %}

{% macro default__local_date(utc_timestamp, time_zone) -%}
    cast(({{ utc_timestamp }} at time zone 'UTC') at time zone {{ time_zone }} as date)
{%- endmacro %}

{# The company's zone: its own (companies.timezone), else Flow's one default (var company_timezone_default). #}
{% macro company_zone(time_zone_column) -%}
    coalesce(nullif({{ time_zone_column }}, ''), '{{ var("company_timezone_default") }}')
{%- endmacro %}

{# The company's calendar day of a UTC timestamp: every mart's day, month and year come from this. #}
{% macro company_local_date(utc_timestamp, time_zone_column) -%}
    {{ local_date(utc_timestamp, company_zone(time_zone_column)) }}
{%- endmacro %}
