{# numerator / denominator, or 0 when the denominator is 0 or null (empty periods show zeros). #}
{% macro safe_divide(numerator, denominator) -%}
    {%- set numeric = 'cast(' ~ numerator ~ ' as ' ~ dbt.type_numeric() ~ ')' %}
    coalesce({{ divide(numeric, 'nullif(' ~ denominator ~ ', 0)') }}, 0)
{%- endmacro %}
