{# Seeds on Spark. dbt-spark's session method pastes each seed value into the insert as
   '<value>' without escaping (a text with an apostrophe breaks the statement) and passes
   decimals as floats: write the rows as escaped literals instead, cast to the seed's types. #}
{% macro spark__load_csv_rows(model, agate_table) -%}
    {%- set column_override = model['config'].get('column_types', {}) -%}
    {%- set statements = [] -%}
    {%- for chunk in agate_table.rows | batch(get_batch_size()) -%}
        {%- set rows = [] -%}
        {%- for row in chunk -%}
            {%- set values = [] -%}
            {%- for value in row -%}
                {%- set column = agate_table.column_names[loop.index0] -%}
                {%- set type = column_override.get(column, adapter.convert_type(agate_table, loop.index0)) -%}
                {%- do values.append('cast(' ~ spark_seed_literal(value) ~ ' as ' ~ type ~ ')') -%}
            {%- endfor -%}
            {%- do rows.append('(' ~ values | join(', ') ~ ')') -%}
        {%- endfor -%}
        {%- set sql = 'insert into ' ~ this.render() ~ ' values\n' ~ rows | join(',\n') -%}
        {%- do adapter.add_query(sql, abridge_sql_log=True) -%}
        {%- if loop.index0 == 0 -%}{%- do statements.append(sql) -%}{%- endif -%}
    {%- endfor -%}
    {{- return(statements[0]) -}}
{%- endmacro %}

{% macro spark_seed_literal(value) -%}
    {%- if value is none -%}
        null
    {%- elif value is boolean -%}
        {{ 'true' if value else 'false' }}
    {%- elif value is number -%}
        {{ value }}
    {%- else -%}
        '{{ (value | string) | replace("\\", "\\\\") | replace("'", "\\'") }}'
    {%- endif -%}
{%- endmacro %}
