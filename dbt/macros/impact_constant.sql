{# One factor from the impact_constants seed (the seed names its source). In models, a scalar
   subquery on ref('impact_constants'); `constants` names the seed's table where ref() is
   unavailable (see figures.sql), or is a mapping of the seed's values, which renders each factor
   as a literal of the seed's type (decimal(18,8), _seeds.yml): the published figure functions,
   where thirteen subqueries per dashboard call cost more planning time than the figures do. #}
{% macro impact_constant(name, constants=none) -%}
    {%- if constants is mapping -%}
    cast('{{ constants[name] }}' as decimal(18, 8))
    {%- else -%}
        (select constant_value from {{ constants or ref('impact_constants') }} where constant_name = '{{ name }}')
    {%- endif -%}
{%- endmacro %}
