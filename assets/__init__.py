"""Tapete's bundled assets (fonts, later sounds and translations), loaded with
``importlib.resources``. Licences: ``assets/LICENSES.md``."""
