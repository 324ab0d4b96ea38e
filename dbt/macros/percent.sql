{# A share as a percent with one decimal, the spec's rounding for every diversion rate. A double
   on every engine (DuckDB's decimal division gives one; Spark's stays decimal). #}
{% macro percent(part, whole) -%}
    cast(round(100 * {{ safe_divide(part, whole) }}, 1) as double)
{%- endmacro %}
