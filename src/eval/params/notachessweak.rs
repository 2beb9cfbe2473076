//! The `notachessweak` evaluation's weights; what each one means: src/eval/wires.rs.
//! Generated: `jester tune --variant notachessweak --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::wires::WiresParams;

#[rustfmt::skip]
pub const PARAMS: WiresParams = WiresParams {
    value: [0, 350, 420, 650, 250, 430],
    mobility: [1, 9, 9, 8, 8, 8],
    king_zone_attack: 30,
    open_door: 12,
    hanging_percent: 30,
    wire_near_enemy_king: 4,
    tempo: 12,
};
