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
