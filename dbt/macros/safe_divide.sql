{# numerator / denominator, or 0 when the denominator is 0 or null (empty periods show zeros). #}
{% macro safe_divide(numerator, denominator) -%}
    coalesce(cast({{ numerator }} as {{ dbt.type_numeric() }}) / nullif({{ denominator }}, 0), 0)
{%- endmacro %}
