// The analytics area's face to other areas (the seed's alert history).
export {};
