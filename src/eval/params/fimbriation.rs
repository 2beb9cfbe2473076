//! The `fimbriation` evaluation's weights; what each one means: src/eval/fimbriation.rs.
//! Generated: `jester tune --variant fimbriation --out FILE` writes this file (protocol-docs/cli.md).

use crate::eval::fimbriation::FimbriationParams;

#[rustfmt::skip]
pub const PARAMS: FimbriationParams = FimbriationParams {
    value: [100, 290, 310, 500, 920, 0],
    mobility: [0, 4, 3, 2, 1, 0],
    pawn_step: 9,
    shelter: 8,
    king_doomed: 1500,
    king_checked: 60,
    in_check: 30,
};
