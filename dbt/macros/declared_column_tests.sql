{#
    The not_null and accepted_values data tests declared on the given models, in one query: a
    row per test that finds offending rows. Only the tests this run does not run by themselves are
    counted: none in a full build, where each runs as its own node; every one in the sensor's run,
    whose selector ticket_change leaves them out. Each is the predicate dbt's own test runs, on the
    same relation (nulls are not counted against accepted values, as in dbt's), without a dbt node
    (about 0.1 s of dbt's own time each) per column.

    Fails the build if a model this run rebuilds has such a test that is neither selected nor
    among `models`: a new mart's tests are never silently dropped.
#}
{% macro declared_column_tests(models) %}
    {%- set covered = [] -%}
    {%- set parts = [] -%}
    {%- if execute -%}
        {%- for model_ref in models -%}
            {%- do covered.append(model_ref.identifier) -%}
        {%- endfor -%}
        {%- for test in graph.nodes.values()
            if test.resource_type == 'test'
               and (test.test_metadata or {}).get('name') in ('not_null', 'accepted_values')
               and test.unique_id not in selected_resources -%}
            {%- set attached = graph.nodes.get(test.attached_node) -%}
            {%- if attached and attached.unique_id in selected_resources -%}
                {%- if attached.alias not in covered -%}
                    {{ exceptions.raise_compiler_error(
                        test.unique_id ~ " is left out of this run and " ~ attached.name
                        ~ " is not among the models of declared_column_tests: add its ref there") }}
                {%- endif -%}
                {%- if test.config.where or test.config.severity | lower != 'error' -%}
                    {{ exceptions.raise_compiler_error(
                        test.unique_id ~ " has a where or a severity declared_column_tests does not apply") }}
                {%- endif -%}
                {%- set kwargs = test.test_metadata.kwargs -%}
                {%- set column = kwargs.column_name -%}
                {%- if test.test_metadata.name == 'not_null' -%}
                    {%- set offending = column ~ " is null" -%}
                {%- else -%}
                    {%- set listed = [] -%}
                    {%- for value in kwargs['values'] -%}
                        {%- if kwargs.get('quote', true) -%}
                            {%- do listed.append("'" ~ (value | string | replace("'", "''")) ~ "'") -%}
                        {%- else -%}
                            {%- do listed.append(value | string) -%}
                        {%- endif -%}
                    {%- endfor -%}
                    {%- set offending = column ~ " not in (" ~ listed | join(", ") ~ ")" -%}
                {%- endif -%}
                {%- do parts.append(
                    "select '" ~ test.name ~ "' as test_name, count(*) as offending_rows from "
                    ~ attached.relation_name ~ " where " ~ offending) -%}
            {%- endif -%}
        {%- endfor -%}
    {%- endif -%}
    {%- if parts -%}
        select
            test_name,
            offending_rows
        from (
            {{ parts | join('\n            union all\n            ') }}
        ) as counted
        where offending_rows > 0
    {%- else -%}
        select
            test_name,
            offending_rows
        from (select 'none' as test_name, 0 as offending_rows) as nothing_left_out
        where offending_rows > 0
    {%- endif -%}
{% endmacro %}
