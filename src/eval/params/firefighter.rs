//! The `firefighter` evaluation's weights; what each one means: src/eval/firefighter.rs.
//! Generated: `jester tune --variant firefighter --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::firefighter::FireFighterParams;

#[rustfmt::skip]
pub const PARAMS: FireFighterParams = FireFighterParams {
    value: [
        89, 314, 334, 498, 1019, 43, 0, 465,
        305, 415, 835, 485, 310, 405, 910, 385,
        300, 460, 920,
    ],
    mobility: [
        0, 7, 6, 6, 3, 0, 0, 2,
        4, 4, 2, 2, 4, 4, 1, 2,
        4, 4, 1,
    ],
    centre: [
        0, 5, 3, 4, 1, 6, 0, 3,
        6, 6, 3, 1, 6, 6, 2, 2,
        6, 6, 2,
    ],
    pawn_advance: 17,
    burning_keeps_percent: 55,
    edge_push_percent: 25,
    king_push_danger: 16,
    king_on_edge: 9,
    undeclared: 25,
    lost: -46,
    arson_unused: 19,
    crowded_with_enemy: 10,
    tempo: 11,
    passed_pawn: [8, -7, 4, 20, 39, 63, 118, 0],
    isolated_pawn: -8,
    doubled_pawn: -27,
    hanging: 35,
    attacked_by_pawn: 47,
    king_zone_attacked: 10,
    bishop_pair: 41,
    rook_semi_open_file: 21,
    rook_open_file: 9,
    king_shelter: 18,
};
