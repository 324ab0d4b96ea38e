{# One factor from the impact_constants seed, as a scalar subquery (the seed names its source).
   `constants` names the seed's table where ref() is unavailable (see figures.sql). #}
{% macro impact_constant(name, constants=none) -%}
    (select constant_value from {{ constants or ref('impact_constants') }} where constant_name = '{{ name }}')
{%- endmacro %}
