"""Report rendering for every domain: PDF (pdf.py: house style, header, grid, figures) and XLSX/CSV
(spreadsheet.py: columns, safe cells, the export response). Domains lay out their own reports
with these; this package imports only api.kit.
"""
