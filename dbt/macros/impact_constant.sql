{# One factor from the impact_constants seed, as a scalar subquery (the seed names its source). #}
{% macro impact_constant(name) -%}
    (select constant_value from {{ ref('impact_constants') }} where constant_name = '{{ name }}')
{%- endmacro %}
