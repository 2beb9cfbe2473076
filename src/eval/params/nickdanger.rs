//! The `nickdanger` evaluation's weights; what each one means: src/eval/tirebiter.rs.
//! Generated: `jester tune --variant nickdanger --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::tirebiter::TirebiterParams;

#[rustfmt::skip]
pub const PARAMS: TirebiterParams = TirebiterParams {
    value: [
        100, 320, 330, 500, 950, 0, 0, 465,
        305, 415, 835, 485, 310, 405, 910, 385,
        300, 460, 920,
    ],
    attacked_tirebiter_percent: 45,
    threatened_percent: 30,
    extra_location: 15,
    centre: [
        2, 8, 4, 0, 2, 0, 0, 3,
        6, 6, 3, 1, 6, 6, 2, 2,
        6, 6, 2,
    ],
    pawn_advance: 6,
    mobility: [
        0, 4, 4, 2, 1, 0, 0, 2,
        4, 4, 2, 2, 4, 4, 1, 2,
        4, 4, 1,
    ],
    multi_capture: 25,
    tempo: 10,
    passed_pawn: [0, 5, 10, 20, 35, 60, 90, 0],
    isolated_pawn: -12,
    doubled_pawn: -12,
    hanging: 25,
    king_zone_attacked: 6,
    bishop_pair: 30,
    rook_semi_open_file: 12,
    rook_open_file: 12,
    king_shelter: 10,
};
