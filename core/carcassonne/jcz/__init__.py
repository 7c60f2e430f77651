"""JCloisterZone saved games (``.jcz``): import, export, and check their test assertions.

The JCZ names of sets, elements, rules, figures and messages come from the plugins
(``carcassonne_jcz_names``, :mod:`carcassonne.jcz.names`); this package knows none of them.
"""
