{# ISO day of the week of a date: 1 = Monday .. 7 = Sunday. Adapter-specific. #}
{% macro iso_weekday(day) -%}
    {{ return(adapter.dispatch('iso_weekday')(day)) }}
{%- endmacro %}

{% macro duckdb__iso_weekday(day) -%}
    isodow({{ day }})
{%- endmacro %}

{% macro default__iso_weekday(day) -%}
    extract(dayofweek_iso from {{ day }})
{%- endmacro %}
