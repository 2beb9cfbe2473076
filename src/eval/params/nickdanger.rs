//! The `nickdanger` evaluation's weights; what each one means: src/eval/tirebiter.rs.
//! Generated: `jester tune --variant nickdanger --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::tirebiter::TirebiterParams;

#[rustfmt::skip]
pub const PARAMS: TirebiterParams = TirebiterParams {
    value: [
        112, 327, 330, 500, 955, 0, 0, 465,
        305, 415, 835, 485, 310, 405, 910, 385,
        300, 460, 920,
    ],
    attacked_tirebiter_percent: 45,
    threatened_percent: 30,
    extra_location: 5,
    centre: [
        1, 11, 2, -1, -1, 1, 0, 3,
        6, 6, 3, 1, 6, 6, 2, 2,
        6, 6, 2,
    ],
    pawn_advance: 5,
    mobility: [
        0, 0, 5, 2, 2, 0, 0, 2,
        4, 4, 2, 2, 4, 4, 1, 2,
        4, 4, 1,
    ],
    multi_capture: 11,
    tempo: 14,
    passed_pawn: [0, 4, 7, 18, 33, 78, 125, 0],
    isolated_pawn: -10,
    doubled_pawn: -23,
    hanging: 15,
    king_zone_attacked: 7,
    bishop_pair: 48,
    rook_semi_open_file: 27,
    rook_open_file: 3,
    king_shelter: 11,
};
