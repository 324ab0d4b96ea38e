{# A share as a percent with one decimal, the spec's rounding for every diversion rate. #}
{% macro percent(part, whole) -%}
    round(100 * {{ safe_divide(part, whole) }}, 1)
{%- endmacro %}
