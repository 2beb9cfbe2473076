//! The `notachessweak` evaluation's weights; what each one means: src/eval/wires.rs.
//! Generated: `jester tune --variant notachessweak --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::wires::WiresParams;

#[rustfmt::skip]
pub const PARAMS: WiresParams = WiresParams {
    value: [0, 339, 422, 653, 240, 436],
    mobility: [11, 0, 11, 11, 6, 16],
    king_zone_attack: 17,
    open_door: 9,
    hanging_percent: 30,
    wire_near_enemy_king: 0,
    king_proximity: [0, -16, 4, 1, -10, 13],
    frozen: [0, -5, -3, -4, -10, -1],
    tempo: 14,
};
