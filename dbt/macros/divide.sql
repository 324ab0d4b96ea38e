{# a / b as DuckDB computes it on every engine: DuckDB divides decimals (and integers) as doubles,
   Spark keeps decimals exact, so the same rounding could fall either side of a half cent.
   Spark is given doubles too. Plain Jinja (the API renders figures.sql without dbt) has no
   adapter and gets DuckDB's form. #}
{% macro divide(a, b) -%}
    {%- if adapter is defined -%}
        {{ return(adapter.dispatch('divide')(a, b)) }}
    {%- else -%}
        {{ duckdb__divide(a, b) }}
    {%- endif -%}
{%- endmacro %}

{% macro duckdb__divide(a, b) -%}
    (({{ a }}) / ({{ b }}))
{%- endmacro %}

{% macro default__divide(a, b) -%}
    (cast(({{ a }}) as double) / ({{ b }}))
{%- endmacro %}
