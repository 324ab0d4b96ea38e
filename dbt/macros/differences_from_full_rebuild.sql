{#-
    The end of a "matches a full rebuild" data test (dbt/data-tests/*_a_full_rebuild.sql): given two
    CTEs the test defines, `rebuilt` (the rows a full rebuild gives) and `held` (the incremental
    mart's rows, the same columns in the same order), the rows of each that the other lacks,
    compared row for row both ways with `except all` (a duplicated row counts too), each named by
    the columns in `shown`.
-#}
{% macro differences_from_full_rebuild(shown) %}
    select
        'missing or different' as difference,
        {{ shown | join(', ') }}
    from (
        select * from rebuilt
        except all
        select * from held
    ) as missing
    union all
    select
        'not in a full rebuild' as difference,
        {{ shown | join(', ') }}
    from (
        select * from held
        except all
        select * from rebuilt
    ) as extra
{% endmacro %}
