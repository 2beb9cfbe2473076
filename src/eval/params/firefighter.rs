//! The `firefighter` evaluation's weights; what each one means: src/eval/firefighter.rs.
//! Generated: `jester tune --variant firefighter --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::firefighter::FireFighterParams;

#[rustfmt::skip]
pub const PARAMS: FireFighterParams = FireFighterParams {
    value: [
        93, 320, 331, 499, 952, 5, 0, 465,
        305, 415, 835, 485, 310, 405, 910, 385,
        300, 460, 920,
    ],
    mobility: [
        0, 4, 6, 6, 5, 0, 0, 2,
        4, 4, 2, 2, 4, 4, 1, 2,
        4, 4, 1,
    ],
    centre: [
        -2, 7, 3, 3, 2, 10, 0, 3,
        6, 6, 3, 1, 6, 6, 2, 2,
        6, 6, 2,
    ],
    pawn_advance: 14,
    burning_keeps_percent: 55,
    edge_push_percent: 25,
    king_push_danger: 41,
    king_on_edge: 15,
    undeclared: 25,
    lost: -43,
    arson_unused: 12,
    crowded_with_enemy: 10,
    tempo: 9,
    passed_pawn: [0, 4, 10, 20, 35, 60, 90, 0],
    isolated_pawn: -9,
    doubled_pawn: -14,
    hanging: 25,
    attacked_by_pawn: 30,
    king_zone_attacked: 6,
    bishop_pair: 31,
    rook_semi_open_file: 15,
    rook_open_file: 12,
    king_shelter: 21,
};
