"""Rivals component data, split by kind: the Wildtech (`board`), the cards (`cards`,
`interface`, `schemas`, `guilds`), the Ashaks (`ashaks`) and the events (`events`)."""
