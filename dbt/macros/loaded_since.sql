{#
    The watermark of an incremental model: the newest source_loaded_at it holds. An empty
    table (a first build over no tickets yet) has none: a max() of no rows is null, every
    comparison with null is unknown, and the model took nothing until a full rebuild. It then
    counts from the start of time instead.
#}
{% macro loaded_since(relation, column='source_loaded_at') %}
    coalesce(
        (select max({{ column }}) from {{ relation }}),
        cast('1900-01-01 00:00:00' as timestamp)
    )
{% endmacro %}
