{# The one definition of diversion: weight to diversion destinations over total net weight. #}
{% macro diversion_measures() -%}
    cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as ticket_count,
    sum(net_weight_lb) as net_weight_lb,
    sum(diverted_weight_lb) as diverted_weight_lb,
    {{ percent('sum(diverted_weight_lb)', 'sum(net_weight_lb)') }} as diversion_rate_percent
{%- endmacro %}
