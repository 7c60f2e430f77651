"""Traders & Builders (C2/C3; C1 by edition): 24 land tiles with goods marks, the builder (a
second part of the turn), the pig (+1 per city for a winning farmer) and goods tokens (10 per
kind at the end), written only on the engine's public plugin API.

Rules: /work/shared/rules/traders-builders.md of the project (README.md sums them up). The hook
implementations are in :mod:`.plugin`; each rule in the module named after it.
"""
