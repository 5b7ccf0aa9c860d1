"""UDP sessions for any tick simulation: lockstep, rollback, sync test, desync detection and LAN discovery.

netplay knows no game and no pygame: it drives objects with ``save() / load(saved) / advance(inputs) / checksum()``
and small int inputs (0 = nothing).
"""
